export const GET = (_req: unknown, res: { json(v: unknown): void }) => res.json({ ok: true });
