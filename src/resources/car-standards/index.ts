// Car-use standards as a Refine resource: listed at usecar_manager_list, created and edited at
// usecar_install_info (?id=… to edit). Saving and deleting are catalogue calls.
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
  meta: { label: "用车标准" },
};

export const carStandardsEndpoints: ResourceEndpoints = { list: CAR_PATHS.list, one: CAR_PATHS.detail };

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
