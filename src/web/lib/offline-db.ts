/**
 * The device's store of private data read while signed in (docs/decisions/0015): one IndexedDB
 * database, three object stores.
 *
 * - `owner` holds one record, `{ userId }`: whose data the store holds. Data is only ever written
 *   for, and read back for, that user; a different (or no) user empties the store first.
 * - `queries` holds answers of allow-listed GET calls (lib/offline-store.ts), keyed by query hash.
 * - `outbox` (version 2, issue 12) holds messages written offline until they are sent
 *   (lib/outbox.ts), keyed by their client message id. Emptied with the rest: unsent messages are
 *   the signed-in user's words and leave with them.
 *
 * Used by the page and by the service worker (which empties it when the browser signs out), so it
 * imports nothing: no React, no TanStack Query.
 */
export const OFFLINE_DB_NAME = 'inkhaven-offline';
// 1: owner, queries. 2: outbox. An upgrade only adds stores, so data saved by version 1 stays.
const OFFLINE_DB_VERSION = 2;
const OWNER_STORE = 'owner';
const QUERIES_STORE = 'queries';
const OUTBOX_STORE = 'outbox';
const OWNER_KEY = 'owner';

export type SavedOwner = { userId: string };

/** One saved answer, as TanStack Query's dehydrated form of a query needs it. */
export type SavedQuery = {
  queryHash: string;
  queryKey: readonly unknown[];
  /** 'infinite' for paged lists, so the restored query pages like the original. */
  queryType?: string;
  userId: string;
  data: unknown;
  /** When the data came from the server (the query's dataUpdatedAt, epoch ms). */
  dataUpdatedAt: number;
};

function promised<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

function finished(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
  });
}

let opening: Promise<IDBDatabase> | null = null;

/** Opens (and on first use creates) the database; one connection per page or worker. */
export function openOfflineDb(): Promise<IDBDatabase> {
  if (typeof indexedDB === 'undefined') return Promise.reject(new Error('IndexedDB is not available'));
  opening ??= new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(OFFLINE_DB_NAME, OFFLINE_DB_VERSION);
    request.onupgradeneeded = () => {
      const db = request.result;
      if (!db.objectStoreNames.contains(OWNER_STORE)) db.createObjectStore(OWNER_STORE);
      if (!db.objectStoreNames.contains(QUERIES_STORE)) db.createObjectStore(QUERIES_STORE, { keyPath: 'queryHash' });
      if (!db.objectStoreNames.contains(OUTBOX_STORE)) db.createObjectStore(OUTBOX_STORE, { keyPath: 'clientMessageId' });
    };
    request.onsuccess = () => {
      const db = request.result;
      // A later version (a newer build in another tab) must not wait on this connection.
      db.onversionchange = () => {
        db.close();
        opening = null;
      };
      db.onclose = () => {
        opening = null;
      };
      resolve(db);
    };
    request.onerror = () => {
      opening = null;
      reject(request.error ?? new Error('Could not open IndexedDB'));
    };
    request.onblocked = () => {
      opening = null;
      reject(new Error('IndexedDB is blocked by another tab'));
    };
  });
  return opening;
}

export async function readOfflineData(db: IDBDatabase): Promise<{ owner: SavedOwner | null; queries: SavedQuery[] }> {
  const tx = db.transaction([OWNER_STORE, QUERIES_STORE], 'readonly');
  const [owner, queries] = await Promise.all([
    promised(tx.objectStore(OWNER_STORE).get(OWNER_KEY) as IDBRequest<SavedOwner | undefined>),
    promised(tx.objectStore(QUERIES_STORE).getAll() as IDBRequest<SavedQuery[]>),
  ]);
  return { owner: owner ?? null, queries };
}

/** Empties every store in one transaction: the next reader finds nobody's data. */
export async function clearOfflineData(db?: IDBDatabase): Promise<void> {
  const handle = db ?? (await openOfflineDb());
  const tx = handle.transaction([OWNER_STORE, QUERIES_STORE, OUTBOX_STORE], 'readwrite');
  tx.objectStore(OWNER_STORE).clear();
  tx.objectStore(QUERIES_STORE).clear();
  tx.objectStore(OUTBOX_STORE).clear();
  await finished(tx);
}

/** Makes `userId` the owner; anyone else's data is removed in the same transaction. */
export async function claimOfflineData(db: IDBDatabase, userId: string): Promise<void> {
  const tx = db.transaction([OWNER_STORE, QUERIES_STORE, OUTBOX_STORE], 'readwrite');
  const owners = tx.objectStore(OWNER_STORE);
  const current = await promised(owners.get(OWNER_KEY) as IDBRequest<SavedOwner | undefined>);
  if (current?.userId !== userId) {
    tx.objectStore(QUERIES_STORE).clear();
    tx.objectStore(OUTBOX_STORE).clear();
    owners.put({ userId } satisfies SavedOwner, OWNER_KEY);
  }
  await finished(tx);
}

/** Writes answers of the current owner; records of anyone else are dropped (the owner changed meanwhile). */
export async function putSavedQueries(db: IDBDatabase, records: SavedQuery[]): Promise<void> {
  const tx = db.transaction([OWNER_STORE, QUERIES_STORE], 'readwrite');
  const owner = await promised(tx.objectStore(OWNER_STORE).get(OWNER_KEY) as IDBRequest<SavedOwner | undefined>);
  const store = tx.objectStore(QUERIES_STORE);
  for (const record of records) if (owner && record.userId === owner.userId) store.put(record);
  await finished(tx);
}

export async function deleteSavedQueries(db: IDBDatabase, queryHashes: string[]): Promise<void> {
  if (queryHashes.length === 0) return;
  const tx = db.transaction(QUERIES_STORE, 'readwrite');
  const store = tx.objectStore(QUERIES_STORE);
  for (const hash of queryHashes) store.delete(hash);
  await finished(tx);
}

/** A message written on this device that the server has not confirmed yet (lib/outbox.ts). */
export type OutboxRecord = {
  clientMessageId: string;
  conversationId: string;
  userId: string;
  text: string;
  /** When it was written (ISO): the order messages are sent in. */
  createdAt: string;
  /** Set when the server refused it (blocked, conversation gone): it is not sent again by itself. */
  error: string | null;
};

/** The outbox of `userId`; records of anyone else are left out (and go with the next claim). */
export async function readOutbox(db: IDBDatabase, userId: string): Promise<OutboxRecord[]> {
  const tx = db.transaction(OUTBOX_STORE, 'readonly');
  const all = await promised(tx.objectStore(OUTBOX_STORE).getAll() as IDBRequest<OutboxRecord[]>);
  return all.filter((r) => r.userId === userId);
}

/** Writes a record for the store's owner only (someone else signed in meanwhile: it is dropped). */
export async function putOutboxRecord(db: IDBDatabase, record: OutboxRecord): Promise<void> {
  const tx = db.transaction([OWNER_STORE, OUTBOX_STORE], 'readwrite');
  const owner = await promised(tx.objectStore(OWNER_STORE).get(OWNER_KEY) as IDBRequest<SavedOwner | undefined>);
  if (owner?.userId === record.userId) tx.objectStore(OUTBOX_STORE).put(record);
  await finished(tx);
}

export async function deleteOutboxRecord(db: IDBDatabase, clientMessageId: string): Promise<void> {
  const tx = db.transaction(OUTBOX_STORE, 'readwrite');
  tx.objectStore(OUTBOX_STORE).delete(clientMessageId);
  await finished(tx);
}
