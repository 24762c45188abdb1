// Who travels on a business booking, for every product's order page: the booker (the default) or
// a colleague they may book for (the administrator: any employee; an employee: those their
// replace-booker rule names). The order form's forEmployeeId holds the colleague; the page's
// standard check is asked for them, so their travel standard is the one shown.
import { useRef } from "react";
import { Form } from "antd";
import { useCustom, useTranslate } from "@refinedev/core";
import { Controller, useWatch, type Control, type FieldValues, type UseFormSetValue } from "react-hook-form";
import { APPLICATION_PATHS } from "../../domain/application-paths";
import { PeopleSelect, type Person } from "../../components/PeopleSelect";
import type { StandardCheckRequest } from "./business";

interface Colleague {
  employeeId: number;
  realName: string | null;
  mobilePhone: string | null;
  departmentName: string | null;
  self: boolean;
}

/** A product's standard check, asked for the colleague who travels when it is not the booker. */
export function checkFor(request: StandardCheckRequest, forEmployeeId: number | string | undefined): StandardCheckRequest {
  return forEmployeeId ? { ...request, payload: { ...request.payload, forEmployeeId: Number(forEmployeeId) } } : request;
}

/**
 * nameField: the form's first passenger (or first guest) name. Picking a colleague puts their name
 * there when it still holds the previous traveller's name (or none), so the order is for the
 * person the standard is checked for; none (a 12306 account's own contacts travel): nothing is
 * filled. selfName: the booker's name, for the choice of travelling themself.
 */
export function TravellerSelect<T extends FieldValues>({ control, setValue, selfName, nameField }: {
  control: Control<T>;
  setValue: UseFormSetValue<T>;
  selfName: string;
  nameField?: string;
}) {
  // The form's own field names are the product's; the picker reads and writes these (and clears applyId).
  const form = control as unknown as Control<FieldValues>;
  const set = setValue as unknown as UseFormSetValue<FieldValues>;
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
  // Without a name to fill, the watch has nothing to read (it is never used then).
  const firstName = useWatch({ control: form, name: nameField ?? "forEmployeeId" }) as unknown;
  const picked = useRef(new Map<number, string>());
  // Only colleagues to choose from make the choice worth showing.
  if (!query.isLoading && !list.some((c) => !c.self)) return null;
  // An employee is on their own list; the administrator is not an employee and travels as themself.
  const me = reply?.self ?? undefined;
  const nameOf = (id: number | undefined) => (id === undefined ? (me?.realName ?? selfName) : (picked.current.get(id) ?? ""));
  const SELF = 0;
  return (
    <Controller
      control={form}
      name="forEmployeeId"
      render={({ field, fieldState }) => (
        <Form.Item label={t("business.traveller")} htmlFor="tp-traveller" validateStatus={fieldState.error ? "error" : undefined} help={fieldState.error?.message}>
          <PeopleSelect
            id="tp-traveller"
            source="travellers"
            style={{ maxWidth: 360 }}
            value={field.value ?? SELF}
            skip={(id: number) => id === me?.employeeId}
            before={[{ value: SELF, label: `${me ? (me.realName ?? me.mobilePhone ?? "") : selfName}${t("common.parenthesized", { text: t("business.travellerSelf") })}` }]}
            onChange={(v: number, person?: Person) => {
              if (person) picked.current.set(person.id, person.name);
              const next = v === SELF ? undefined : v;
              const before = nameOf(field.value);
              field.onChange(next);
              // An application is the traveller's own: the previous traveller's no longer applies.
              if (next !== field.value) set("applyId", undefined, { shouldValidate: false });
              if (!nameField) return;
              const current = typeof firstName === "string" ? firstName.trim() : "";
              if (!current || current === before) set(nameField, nameOf(next), { shouldValidate: false });
            }}
          />
        </Form.Item>
      )}
    />
  );
}
