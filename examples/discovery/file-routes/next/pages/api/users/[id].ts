type Req = { method?: string; query: { id?: string } };
type Res = { json(v: unknown): void };

export default async function handler(req: Req, res: Res) {
	if (req.method === "DELETE") return res.json({ deleted: req.query.id });
	res.json({ id: req.query.id });
}
