import { getTextAtPath, type Item, type MatchCondition } from '@langchain/langgraph-checkpoint';
import type { JsonObject, Scenario } from '../../index.js';

/** The `kind` of the records that hold a LangGraph store's items. */
export const STORE_ITEM_KIND = 'langgraph-store-item';

/**
 * The record key of an item: its namespace labels and key, each percent-encoded, joined with `/`, so a
 * namespace is a key prefix (`memories/user-1/`) and no two items share a key.
 */
export function recordKey(namespace: readonly string[], key: string): string {
  return [...namespace, key].map(encodeURIComponent).join('/');
}

export function namespacePrefix(namespace: readonly string[]): string {
  return namespace.length === 0 ? '' : `${namespace.map(encodeURIComponent).join('/')}/`;
}

/**
 * An item as a context record. `content` is the text BM25 ranks: the value's fields named by `index` (paths
 * such as `facts[*].text`), all its text when `index` is absent, none when it is `false`.
 */
export function itemRecord(
  namespace: readonly string[],
  key: string,
  value: JsonObject,
  index: false | readonly string[] | undefined,
  createdAt: string,
  updatedAt: string,
): Scenario {
  const texts = index === false ? [] : index === undefined ? textLeaves(value) : index.flatMap((field) => getTextAtPath(value, field));
  return {
    key: recordKey(namespace, key),
    kind: STORE_ITEM_KIND,
    namespace: [...namespace],
    item_key: key,
    value,
    content: texts.join('\n'),
    created_at: createdAt,
    updated_at: updatedAt,
  };
}

export function isItemRecord(record: Scenario): boolean {
  return record['kind'] === STORE_ITEM_KIND && Array.isArray(record['namespace']) && typeof record['item_key'] === 'string';
}

export function recordItem(record: Scenario): Item {
  return {
    namespace: record['namespace'] as string[],
    key: record['item_key'] as string,
    value: record['value'] as Record<string, unknown>,
    createdAt: new Date(record['created_at'] as string),
    updatedAt: new Date(record['updated_at'] as string),
  };
}

function textLeaves(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(textLeaves);
  if (value !== null && typeof value === 'object') return Object.values(value).flatMap(textLeaves);
  return [];
}

/** Whether a namespace matches every condition (`*` matches any one label), as LangGraph's stores read them. */
export function matchesConditions(namespace: readonly string[], conditions: readonly MatchCondition[] | undefined): boolean {
  return (conditions ?? []).every(({ matchType, path }) => {
    if (path.length > namespace.length) return false;
    const part = matchType === 'prefix' ? namespace.slice(0, path.length) : namespace.slice(namespace.length - path.length);
    return path.every((label, i) => label === '*' || label === part[i]);
  });
}

/** Whether an item's value passes a search filter: exact values, or `$eq`, `$ne`, `$gt`, `$gte`, `$lt`, `$lte`. */
export function matchesFilter(value: Record<string, unknown>, filter: Record<string, unknown> | undefined): boolean {
  return Object.entries(filter ?? {}).every(([field, expected]) => {
    const actual = value[field];
    if (!isOperatorObject(expected)) return sameValue(actual, expected);
    return Object.entries(expected).every(([operator, operand]) => compare(actual, operator, operand));
  });
}

function isOperatorObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const keys = Object.keys(value);
  return keys.length > 0 && keys.every((key) => key.startsWith('$'));
}

function compare(actual: unknown, operator: string, operand: unknown): boolean {
  switch (operator) {
    case '$eq':
      return sameValue(actual, operand);
    case '$ne':
      return !sameValue(actual, operand);
    case '$gt':
      return (actual as number) > (operand as number);
    case '$gte':
      return (actual as number) >= (operand as number);
    case '$lt':
      return (actual as number) < (operand as number);
    case '$lte':
      return (actual as number) <= (operand as number);
    default:
      return false;
  }
}

function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
