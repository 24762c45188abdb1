// People and paperwork: travellers with certificates, addresses, invoice titles.
import type { Generated } from "kysely";

// ---- travellers (frequent and external) and their certificates ----

export type TravellerOwnerKind = "member" | "company";

export interface TravellersTable {
  id: Generated<number>;
  ownerKind: TravellerOwnerKind;
  ownerId: number; // members.id or companies.id
  name: string | null;
  surname: string | null;
  givenName: string | null;
  mobilePhone: string | null;
  birthday: string | null; // YYYY-MM-DD
  sex: number | null; // 1 male, 2 female
  isDefault: Generated<number>;
  remark: string | null;
  createTime: string;
  updateTime: string;
}

export interface TravellerCertificatesTable {
  id: Generated<number>;
  travellerId: number;
  ownerKind: TravellerOwnerKind;
  ownerId: number;
  certType: number;
  certNo: string;
  expiry: string | null;
  issueCountry: string | null;
  sort: Generated<number>;
}

// ---- a member's mailing addresses and invoice titles ----

export interface AddressesTable {
  id: Generated<number>;
  memberId: number;
  receiver: string;
  mobilePhone: string;
  provinceCode: string;
  provinceName: string;
  cityCode: string;
  cityName: string;
  districtCode: string;
  districtName: string;
  detail: string;
  postcode: string | null;
  isDefault: Generated<number>;
  createTime: string;
  updateTime: string;
}

export interface InvoiceTitlesTable {
  id: Generated<number>;
  memberId: number;
  titleType: number; // 1 personal, 2 company
  title: string;
  taxNo: string | null;
  address: string | null;
  phone: string | null;
  bankName: string | null;
  bankAccount: string | null;
  isDefault: Generated<number>;
  createTime: string;
  updateTime: string;
}

// ---- invoice requests over paid orders ----

export interface InvoicesTable {
  id: Generated<number>;
  memberId: number;
  status: string; // InvoiceStatus
  amountFen: number;
  titleId: number | null;
  titleType: number;
  title: string;
  taxNo: string | null;
  delivery: string; // email | paper
  email: string | null;
  addressId: number | null;
  mailTo: string | null;
  orderNos: string; // JSON array of order numbers
  remark: string | null;
  createTime: string;
  updateTime: string;
}

/** An order on a live invoice request (orderId is unique). */
export interface InvoiceOrdersTable {
  orderId: number;
  invoiceId: number;
}
