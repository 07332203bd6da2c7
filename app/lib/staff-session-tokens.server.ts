import { createHash } from "node:crypto";
import type { DBAdapter, DBTransactionAdapter, Where } from "better-auth";

/**
 * Staff session tokens are stored as their SHA-256, like the traveller's manage tokens: a copy of
 * the staff_sessions table (a backup, a read-only leak) opens no session. better-auth 1.7 has no
 * option for it, so its database adapter is wrapped (docs/decisions/0023-staff-session-tokens.md):
 * a session's token is hashed on its way in (a new row, every condition on `token`) and the raw
 * value, which only the caller knows, is put back in the rows handed to better-auth, so the cookie
 * still carries the token itself.
 */

/** The model name better-auth's internal adapter uses for sessions, whatever the table is called. */
const SESSION_MODEL = "session";
const TOKEN_FIELD = "token";

/** What a session token is stored as: SHA-256, hex. */
export function hashSessionToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

type Row = Record<string, unknown>;

/** Conditions on `token` compare hashes; any other comparison of a hash means nothing, so it is refused. */
function hashedWhere(where: Where[] | undefined): { where: Where[] | undefined; raw: Map<string, string> } {
  const raw = new Map<string, string>();
  const hashed = (value: string) => {
    const hash = hashSessionToken(value);
    raw.set(hash, value);
    return hash;
  };
  const out = where?.map((clause) => {
    if (clause.field !== TOKEN_FIELD) return clause;
    const operator = clause.operator ?? "eq";
    if ((operator === "eq" || operator === "ne") && typeof clause.value === "string") return { ...clause, value: hashed(clause.value) };
    if ((operator === "in" || operator === "not_in") && Array.isArray(clause.value)) {
      return { ...clause, value: clause.value.map((v) => hashed(String(v))) };
    }
    throw new Error(`A session token is stored hashed: the condition "${operator}" on it cannot be answered.`);
  });
  return { where: out, raw };
}

/** The row as better-auth expects it: the raw token where the caller gave it, else the stored hash (which opens nothing). */
function withRawToken<T>(row: T, raw: Map<string, string>): T {
  if (!row || typeof row !== "object") return row;
  const stored = (row as Row)[TOKEN_FIELD];
  if (typeof stored !== "string" || !raw.has(stored)) return row;
  return { ...(row as Row), [TOKEN_FIELD]: raw.get(stored) } as T;
}

/** The update's new token, if any, hashed; the map learns it so the returned row carries it raw. */
function hashedUpdate<U extends Row | undefined>(update: U, raw: Map<string, string>): U {
  if (!update || typeof update[TOKEN_FIELD] !== "string") return update;
  const token = update[TOKEN_FIELD];
  const hash = hashSessionToken(token);
  raw.set(hash, token);
  return { ...update, [TOKEN_FIELD]: hash };
}

function wrapOperations<A extends DBTransactionAdapter>(inner: A): A {
  const isSession = (model: string) => model === SESSION_MODEL;
  return {
    ...inner,
    create: async (data) => {
      if (!isSession(data.model)) return inner.create(data);
      const raw = new Map<string, string>();
      const row = await inner.create({ ...data, data: hashedUpdate(data.data, raw) });
      return withRawToken(row, raw);
    },
    findOne: async (data) => {
      if (!isSession(data.model)) return inner.findOne(data);
      const { where, raw } = hashedWhere(data.where);
      return withRawToken(await inner.findOne({ ...data, where: where ?? [] }), raw);
    },
    findMany: async (data) => {
      if (!isSession(data.model)) return inner.findMany(data);
      const { where, raw } = hashedWhere(data.where);
      const rows = await inner.findMany({ ...data, where });
      return rows.map((row) => withRawToken(row, raw));
    },
    count: async (data) => (isSession(data.model) ? inner.count({ ...data, where: hashedWhere(data.where).where }) : inner.count(data)),
    update: async (data) => {
      if (!isSession(data.model)) return inner.update(data);
      const { where, raw } = hashedWhere(data.where);
      const row = await inner.update({ ...data, where: where ?? [], update: hashedUpdate(data.update, raw) });
      return withRawToken(row, raw);
    },
    updateMany: async (data) => {
      if (!isSession(data.model)) return inner.updateMany(data);
      const { where, raw } = hashedWhere(data.where);
      return inner.updateMany({ ...data, where: where ?? [], update: hashedUpdate(data.update, raw) });
    },
    delete: async (data) =>
      isSession(data.model) ? inner.delete({ ...data, where: hashedWhere(data.where).where ?? [] }) : inner.delete(data),
    deleteMany: async (data) =>
      isSession(data.model) ? inner.deleteMany({ ...data, where: hashedWhere(data.where).where ?? [] }) : inner.deleteMany(data),
    consumeOne: async (data) => {
      if (!isSession(data.model)) return inner.consumeOne(data);
      const { where, raw } = hashedWhere(data.where);
      return withRawToken(await inner.consumeOne({ ...data, where: where ?? [] }), raw);
    },
    incrementOne: async (data) => {
      if (!isSession(data.model)) return inner.incrementOne(data);
      const { where, raw } = hashedWhere(data.where);
      return withRawToken(await inner.incrementOne({ ...data, where: where ?? [] }), raw);
    },
  };
}

/**
 * better-auth's database adapter with session tokens stored hashed. A transaction's adapter is
 * wrapped too: better-auth runs some writes (a session replaced on enrolment) through it.
 */
export function hashedSessionTokens<Options, Adapter extends DBAdapter>(
  factory: (options: Options) => Adapter,
): (options: Options) => Adapter {
  return (options) => {
    const inner = factory(options);
    return {
      ...wrapOperations(inner),
      transaction: (callback) => inner.transaction((trx) => callback(wrapOperations(trx))),
    };
  };
}
