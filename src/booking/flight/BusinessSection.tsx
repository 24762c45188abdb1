// The flight order page's business part (the shared section in ../shared/business.tsx) with the
// flight's own check of the chosen fare, and, for an employee whose replace-booker rule names
// colleagues, who travels: the colleague's standard then applies.
import { useRef } from "react";
import { Form } from "antd";
import { useCustom, useTranslate } from "@refinedev/core";
import { Controller, useWatch, type Control, type UseFormSetValue } from "react-hook-form";
import { FLIGHT_ORDER_PATHS } from "../../domain/orders/flight-types";
import type { OrderFormValues } from "./order-form";
import { APPLICATION_PATHS } from "../../resources/travel-applications";
import { PeopleSelect, type Person } from "../../resources/employees/PeopleSelect";
import { BusinessSection as SharedBusinessSection, useStandardCheck, type BusinessFields, type StandardCheckRequest } from "../shared/business";

interface Colleague {
  employeeId: number;
  realName: string | null;
  mobilePhone: string | null;
  departmentName: string | null;
  self: boolean;
}

type Fields = { control: Control<OrderFormValues> };

/** The flight's check: the fare, for the colleague who travels when it is not the booker. */
export function flightCheck(fareKey: string, forEmployeeId?: number): StandardCheckRequest {
  return { url: FLIGHT_ORDER_PATHS.businessCheck, payload: { fareKey, ...(forEmployeeId ? { forEmployeeId } : {}) } };
}

/**
 * selfName: the booker's name, for the choice of travelling themself. standardUnsupported: the
 * travel standard has no rules for this booking (international flights); the section says so
 * instead of a verdict, and the booker books for themself.
 */
export function BusinessSection({ fareKey, control, setValue, selfName, standardUnsupported }: { fareKey: string; setValue: UseFormSetValue<OrderFormValues>; selfName: string; standardUnsupported?: string } & Fields) {
  const forEmployeeId = useWatch({ control, name: "forEmployeeId" });
  return (
    <SharedBusinessSection
      control={control as unknown as Control<BusinessFields>}
      check={flightCheck(fareKey, forEmployeeId)}
      traveller={<TravellerSelect control={control} setValue={setValue} selfName={selfName} />}
      standardUnsupported={standardUnsupported}
    />
  );
}

/**
 * Who travels on a business booking: the booker (the default) or a colleague they may book for.
 * Picking a colleague puts their name on the first passenger when it still holds the previous
 * traveller's name (or none), so the order is for the person the standard is checked for.
 */
function TravellerSelect({ control, setValue, selfName }: Fields & { setValue: UseFormSetValue<OrderFormValues>; selfName: string }) {
  const t = useTranslate();
  // Two people are enough to know whether there is anyone besides the booker; the picker
  // searches the rest on the server.
  const { query, result } = useCustom<{ list: Colleague[]; self: Colleague | null }>({
    url: APPLICATION_PATHS.travellers,
    method: "post",
    config: { payload: { pageNum: 1, pageSize: 2 } },
    errorNotification: false,
    queryOptions: { retry: false, refetchOnWindowFocus: false },
  });
  const reply = result.data as { list?: Colleague[]; self?: Colleague | null } | undefined;
  const list = reply?.list ?? [];
  const firstName = useWatch({ control, name: "passengers.0.name" });
  const picked = useRef(new Map<number, string>());
  // Only colleagues to choose from make the choice worth showing.
  if (!query.isLoading && !list.some((c) => !c.self)) return null;
  // An employee is on their own list; the administrator is not an employee and travels as themself.
  const me = reply?.self ?? undefined;
  const nameOf = (id: number | undefined) => (id === undefined ? (me?.realName ?? selfName) : (picked.current.get(id) ?? ""));
  const SELF = 0;
  return (
    <Controller
      control={control}
      name="forEmployeeId"
      render={({ field, fieldState }) => (
        <Form.Item label={t("business.traveller")} htmlFor="tp-traveller" validateStatus={fieldState.error ? "error" : undefined} help={fieldState.error?.message}>
          <PeopleSelect
            id="tp-traveller"
            source="travellers"
            style={{ maxWidth: 360 }}
            value={field.value ?? SELF}
            skip={(id: number) => id === me?.employeeId}
            before={[{ value: SELF, label: `${me ? (me.realName ?? me.mobilePhone ?? "") : selfName}（${t("business.travellerSelf")}）` }]}
            onChange={(v: number, person?: Person) => {
              if (person) picked.current.set(person.id, person.name);
              const next = v === SELF ? undefined : v;
              const before = nameOf(field.value);
              field.onChange(next);
              if (!firstName?.trim() || firstName.trim() === before) setValue("passengers.0.name", nameOf(next), { shouldValidate: false });
            }}
          />
        </Form.Item>
      )}
    />
  );
}

/** The standard's verdict on a fare for a business booking (the query the section shares). */
export function useBusinessCheck(fareKey: string, enabled = true, forEmployeeId?: number) {
  return useStandardCheck(flightCheck(fareKey, forEmployeeId), enabled);
}
