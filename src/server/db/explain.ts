import { fillPlaceholders, sql, type SQLWrapper } from 'drizzle-orm';
import type { Db } from './open.js';

/** A Drizzle query that can show its SQL. */
export type Explainable = SQLWrapper & { toSQL(): { sql: string; params: unknown[] } };

type Rows = { rows: Array<Record<string, unknown>> };

let explained = 0;

/**
 * EXPLAIN of a query as PostgreSQL runs it once planned for a prepared statement: the generic plan,
 * made without the parameters' values (which is the plan a prepared statement keeps once PostgreSQL
 * prefers it). `values` fill the query's placeholders. For the benchmark and the tests: a seek page
 * must keep a cheap plan whatever the cursor is.
 */
export async function explainGeneric(db: Db, query: Explainable, values: Record<string, unknown>, format: 'text' | 'json' = 'text'): Promise<Array<Record<string, unknown>>> {
  const { sql: text, params } = query.toSQL();
  const filled = fillPlaceholders(params, values);
  const name = `parley_explain_${(explained += 1)}`;
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
    await tx.execute(sql.raw(`prepare ${name} as ${text}`));
    // EXPLAIN takes no bind parameters: the values are written into the statement as literals.
    const args = filled.length ? `(${filled.map(sqlLiteral).join(', ')})` : '';
    const options = format === 'json' ? '(format json) ' : '';
    const { rows } = (await tx.execute(sql.raw(`explain ${options}execute ${name}${args}`))) as unknown as Rows;
    await tx.execute(sql.raw(`deallocate ${name}`));
    return rows;
  });
}

function sqlLiteral(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  const text = value instanceof Date ? value.toISOString() : String(value);
  return `'${text.replace(/'/g, "''")}'`;
}

/** EXPLAIN of a query with its values in place (a custom plan, made for these values: what an unprepared query gets). */
export async function explainCustom(db: Db, query: SQLWrapper, format: 'text' | 'json' = 'text'): Promise<Array<Record<string, unknown>>> {
  const options = sql.raw(format === 'json' ? '(format json) ' : '');
  return ((await db.execute(sql`explain ${options}${query}`)) as unknown as Rows).rows;
}

/** A node of a JSON plan (EXPLAIN (FORMAT JSON)), with the fields the tests and the benchmark read. */
export interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Relation Name'?: string;
  'Plan Rows'?: number;
  Plans?: PlanNode[];
}

/** The top node of a JSON EXPLAIN's rows (as explainGeneric and explainCustom return them with format 'json'). */
export const planOf = (rows: ReadonlyArray<Record<string, unknown>>): PlanNode => (rows[0]?.['QUERY PLAN'] as Array<{ Plan: PlanNode }>)[0]?.Plan as PlanNode;

/** Every node of a plan, the top one first. */
export const planNodes = (plan: PlanNode): PlanNode[] => [plan, ...(plan.Plans ?? []).flatMap(planNodes)];
