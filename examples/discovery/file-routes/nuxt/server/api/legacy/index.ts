// A plain server folder exporting a router object: no route handler of its own.
function Router() {
	return { get(_path: string) {} };
}

export default Router();
