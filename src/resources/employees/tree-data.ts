// The flat department list as antd tree data (Tree, TreeSelect), children under their parent.
import { departmentTree } from "../../domain/people/employee-rules";
import type { Department } from "./index";

export interface DepartmentTreeNode {
  key: number;
  value: number;
  title: string;
  department: Department;
  children: DepartmentTreeNode[];
}

type Built = Department & { children: Built[] };

/**
 * The company's departments as a tree; the 未分配部门 row (id 0) is not a department. `exclude`
 * leaves out one department with everything below it (a department cannot move under itself).
 */
export function departmentTreeData(departments: Department[], exclude?: number): DepartmentTreeNode[] {
  const toNode = (d: Built): DepartmentTreeNode => ({
    key: d.id,
    value: d.id,
    title: d.name,
    department: d,
    children: d.children.filter((c) => c.id !== exclude).map(toNode),
  });
  const roots = departmentTree(departments.filter((d) => d.id !== 0)) as unknown as Built[];
  return roots.filter((d) => d.id !== exclude).map(toNode);
}
