// The columns every flight booking (domestic, international, 政府采购) writes the same way: the
// order's number, booker, money from the price panel, the hold and the contact; and each
// passenger's money from their line of the panel. Each booking adds its own flight, fare key,
// snapshot and business columns.
import type { HoldRecord } from "../../../src/domain/travel/types";
import type { PriceLine, PricePanel } from "../../../src/domain/orders/flight-booking";
import { newOrderNo } from "../booking";

export function flightOrderColumns(o: {
  memberId: number;
  companyId: number | null;
  status: number;
  panel: PricePanel;
  hold: Pick<HoldRecord, "holdId" | "expiresAt">;
  contact: { contactName: string; contactMobile: string; clientKey: string };
  at: string;
}) {
  return {
    orderNo: newOrderNo("F"),
    product: "air" as const,
    memberId: o.memberId,
    companyId: o.companyId,
    bookerMemberId: o.memberId,
    status: o.status,
    ticketFen: o.panel.ticket,
    constructionFeeFen: o.panel.consTax,
    fuelSurchargeFen: o.panel.fuelTax,
    serviceFeeFen: o.panel.servFee,
    insuranceFen: o.panel.insurance,
    totalFen: o.panel.payprice,
    holdId: o.hold.holdId,
    expiresAt: o.hold.expiresAt,
    contactName: o.contact.contactName,
    contactMobile: o.contact.contactMobile,
    clientKey: o.contact.clientKey,
    createTime: o.at,
    updateTime: o.at,
  };
}

export function passengerMoneyColumns(line: PriceLine) {
  return {
    tktPriceFen: line.tktPrice,
    consTaxFen: line.consTax,
    fuelTaxFen: line.fuelTax,
    servFeeFen: line.servFee,
    insuPayPriceFen: line.insuPayPrice,
  };
}
