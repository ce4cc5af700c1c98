// A table's column types: `switch (column.type)` in a cell formatter is a discriminant, not a reducer,
// and the column objects its factories return are no actions to it.
interface Column {
	type: "timestamp" | "number" | "text";
	name: string;
}

export function formatCell(value: unknown, column: Column): string {
	switch (column.type) {
		case "timestamp":
			return new Date(Number(value)).toISOString();
		case "number":
			return Number(value).toFixed(2);
		default:
			return String(value);
	}
}

export function timestampColumn(name: string): Column {
	return { type: "timestamp", name };
}

export function numberColumn(name: string): Column {
	return { type: "number", name };
}
