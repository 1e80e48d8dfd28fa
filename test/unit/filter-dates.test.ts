import { parseFilterDate } from "../../src/dates.js";

describe("parseFilterDate bounds", () => {
  it.each([
    "0000-01-01",
    "0001-01-01",
    "1969-12-31",
    "0000-06-01T00:00:00Z",
    "1969-12-31T23:59:59.999Z",
    "10000-01-01",
  ])("refuses %s (outside the years 1970 to 9999)", (value) => {
    expect(parseFilterDate(value, "Asia/Tokyo")).toBeNull();
  });

  it("accepts the first and last days of the range in any zone", () => {
    for (const zone of ["Pacific/Kiritimati", "UTC", "Pacific/Pago_Pago"]) {
      expect(parseFilterDate("1970-01-01", zone)).not.toBeNull();
      expect(parseFilterDate("9999-12-31", zone)).not.toBeNull();
      expect(parseFilterDate("9999-12-31T23:59:59.999-12:00", zone)).not.toBeNull();
    }
  });
});
