// The flight order page's business part (the shared section in ../shared/business.tsx) with the
// flight's own check of the chosen fare, and, for a booker who may book for colleagues, who
// travels (../shared/TravellerSelect.tsx): the colleague's standard then applies.
import { useWatch, type Control, type UseFormSetValue } from "react-hook-form";
import { FLIGHT_ORDER_PATHS } from "../../domain/orders/flight-types";
import type { OrderFormValues } from "./order-form";
import { BusinessSection as SharedBusinessSection, useStandardCheck, type BusinessFields, type StandardCheckRequest } from "../shared/business";
import { checkFor, TravellerSelect } from "../shared/TravellerSelect";

type Fields = { control: Control<OrderFormValues> };

/** The flight's check: the fare (and a round trip's or connection's second one), for the colleague who travels when it is not the booker. */
export function flightCheck(fareKey: string, forEmployeeId?: number, nextFareKey?: string): StandardCheckRequest {
  return checkFor({ url: FLIGHT_ORDER_PATHS.businessCheck, payload: { fareKey, ...(nextFareKey ? { nextFareKey } : {}) } }, forEmployeeId);
}

/**
 * selfName: the booker's name, for the choice of travelling themself. standardUnsupported: the
 * travel standard has no rules for this booking (international flights); the section says so
 * instead of a verdict, and the booker books for themself.
 */
export function BusinessSection({ fareKey, nextFareKey, control, setValue, selfName, standardUnsupported }: { fareKey: string; nextFareKey?: string; setValue: UseFormSetValue<OrderFormValues>; selfName: string; standardUnsupported?: string } & Fields) {
  const forEmployeeId = useWatch({ control, name: "forEmployeeId" });
  return (
    <SharedBusinessSection
      control={control as unknown as Control<BusinessFields>}
      check={flightCheck(fareKey, forEmployeeId, nextFareKey)}
      traveller={<TravellerSelect control={control} setValue={setValue} selfName={selfName} nameField="passengers.0.name" />}
      standardUnsupported={standardUnsupported}
    />
  );
}

/** The standard's verdict on a fare for a business booking (the query the section shares). */
export function useBusinessCheck(fareKey: string, enabled = true, forEmployeeId?: number, nextFareKey?: string) {
  return useStandardCheck(flightCheck(fareKey, forEmployeeId, nextFareKey), enabled);
}
