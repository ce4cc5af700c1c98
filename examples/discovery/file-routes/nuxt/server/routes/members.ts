// An Express-style registrar in a server/routes folder: it registers routes on the app it is given,
// it handles none itself, so it is no `ALL /members` route.
type App = { get(path: string, handler: (req: unknown, res: { json(v: unknown): void }) => void): void };

export default function registerMembers(app: App): void {
	app.get("/members", (_req, res) => res.json([]));
}
