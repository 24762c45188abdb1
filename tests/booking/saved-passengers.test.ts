// A saved traveller as an order row: the name (Chinese, else SURNAME/GIVEN), an ID card first
// (its birth date is in the number), else the first certificate with the saved birth date.
import { describe, expect, it } from "vitest";
import { toPassenger } from "../../src/booking/flight/SavedPassengers";
import type { TravellerRow } from "../../src/domain/people/traveller";

const base: TravellerRow = {
  id: 1, name: "王晓明", surname: null, givenName: null, mobilePhone: "13912345678", birthday: "1949-12-31", sex: null, psgType: "ADT",
  isDefault: 0, remark: null, certificates: [], createTime: "", updateTime: "",
} as unknown as TravellerRow;

describe("a saved traveller as an order row", () => {
  it("takes the ID card even when another certificate comes first, without a birth date", () => {
    const p = toPassenger({ ...base, certificates: [{ certType: 2, certNo: "E12345678", expiry: null, issueCountry: "中国" }, { certType: 1, certNo: "11010519491231002X", expiry: null, issueCountry: null }] } as TravellerRow);
    expect(p).toEqual({ name: "王晓明", certType: 1, certNo: "11010519491231002X", birthday: undefined, mobile: "13912345678", insuType: undefined });
  });

  it("takes a passport with the saved birth date and the English name", () => {
    const p = toPassenger({ ...base, name: null, surname: "WANG", givenName: "XIAOMING", mobilePhone: null, certificates: [{ certType: 2, certNo: "E12345678", expiry: null, issueCountry: "中国" }] } as TravellerRow);
    expect(p).toMatchObject({ name: "WANG/XIAOMING", certType: 2, certNo: "E12345678", birthday: "1949-12-31", mobile: "" });
  });

  it("leaves the number to type when nothing is saved", () => {
    expect(toPassenger(base)).toMatchObject({ certType: 1, certNo: "" });
  });
});
