// A plain folder inside a `+` folder is a flat-folder route: its `route.tsx` is `/admin/users/:userId`.
export function loader() {
	return null;
}
