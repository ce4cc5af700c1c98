// A `+` folder's `_layout` is the folder's own route: `/t/:teamUrl`.
export function loader() {
	return null;
}
