// Car-use standards as a Refine resource: listed at usecar_manager_list, created and edited at
// usecar_install_info (?id=… to edit). One catalogue path saves both a new standard and a change.
import type { ResourceProps } from "@refinedev/core";
import type { ResourceEndpoints } from "../../providers/data-provider";
import { pathFor } from "../../access/routes";
import type { CarStandardForm } from "../../domain/policy";

export const CAR_PATHS = {
  list: "/car/standard_list",
  detail: "/car/standard_detail",
  save: "/car/standard/add_or_update",
  delete: "/car/standard_delete",
  cities: "/car/allCity",
  tripLevels: "/member/center/trip_level/list",
} as const;

export const carStandardsResource: ResourceProps = {
  name: "car-standards",
  list: pathFor("usecar_manager_list"),
  create: pathFor("usecar_install_info"),
  // The edit address keeps its ?id= query (old links): Refine fills :id in.
  edit: `${pathFor("usecar_install_info")}?id=:id`,
  meta: { label: "用车标准" },
};

export const carStandardsEndpoints: ResourceEndpoints = {
  list: CAR_PATHS.list,
  one: CAR_PATHS.detail,
  create: CAR_PATHS.save,
  update: CAR_PATHS.save,
  delete: CAR_PATHS.delete,
};

/** The cities a car standard may name (the whole list at once). */
export const carCitiesResource: ResourceProps = { name: "car-cities", meta: { label: "用车城市" } };

export const carCitiesEndpoints: ResourceEndpoints = { list: CAR_PATHS.cities, idField: "code", paged: false };

/** The company's trip levels, which standards apply to (the whole list at once). */
export const tripLevelsResource: ResourceProps = { name: "trip-levels", meta: { label: "差旅等级" } };

export const tripLevelsEndpoints: ResourceEndpoints = { list: CAR_PATHS.tripLevels, paged: false };

export const editCarStandardPath = (id?: number) => pathFor("usecar_install_info", undefined, id === undefined ? undefined : { id: String(id) });

export interface CarStandardRow extends Omit<CarStandardForm, "id" | "name" | "tripLevelIds"> {
  id: number;
  name: string;
  tripLevels: { id: number; name: string }[];
  carTypeNames: string[];
  createTime: string;
  updateTime: string;
}

export interface CityOption {
  code: string;
  name: string;
  pinyin: string;
}
