export interface ImportEdge {
  to: string;
  spec: string;
}

export interface CircleStep extends ImportEdge {
  from: string;
}

export interface ImportCircle {
  /** Every file of the strongly connected group, sorted. */
  files: string[];
  /** One shortest circle through the first of them. */
  circle: CircleStep[];
}

export function importGraph(roots: { api: string; web: string; shared: string }): Map<string, ImportEdge[]>;
export function importCircles(graph: Map<string, ImportEdge[]>): ImportCircle[];
export function moduleOrderViolations(
  graph: Map<string, ImportEdge[]>,
  options: { modulesDir: string; belowModules: string[]; order: { layers: string[][] }; relativeTo: string },
): string[];
export function formatCircle(circle: ImportCircle, relativeTo: string): string;
export function checkRepository(repo: string): { problems: string[]; circles: ImportCircle[]; summary: string };
