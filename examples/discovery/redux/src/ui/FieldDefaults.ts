// Functions returning data objects that happen to have a `type`: no reducer has these types and nothing
// dispatches what the functions return, so they are no action creators.
export type FieldType = "SIGNATURE" | "EMAIL";

export const getDefaultState = (fieldType: FieldType) => {
	switch (fieldType) {
		case "SIGNATURE":
			return { type: "signature", fontSize: 14 };
		case "EMAIL":
			return { type: "email", fontSize: 14 };
	}
};

export const dkimRecord = (name: string) => ({ name, value: "v=DKIM1", type: "TXT" });

export function describeField(fieldType: FieldType): string {
	return `${getDefaultState(fieldType)?.type} ${dkimRecord("mail").type}`;
}
