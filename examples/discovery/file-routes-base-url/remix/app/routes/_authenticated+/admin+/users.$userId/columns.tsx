// Colocated beside the folder's route module: no route, whatever it exports.
export function loader() {
	return [];
}
