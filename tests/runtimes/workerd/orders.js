// A fixed table standing in for a database query ordered by (createdAt, id); shared by the
// worker and the test that walks it.
export const ORDERS = Array.from({ length: 23 }, (_, i) => ({
  id: 1 + ((i * 7) % 23),
  createdAt: new Date(Date.UTC(2026, 0, 1 + Math.floor(i / 3))).toISOString(),
  status: i % 4 === 3 ? "shipped" : "open",
  total: 10 + i,
})).sort((a, b) => (a.createdAt === b.createdAt ? a.id - b.id : a.createdAt < b.createdAt ? -1 : 1));
