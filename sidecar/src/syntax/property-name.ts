/** A member's or property's name as written, for the definition walks (compiler nodes only). */
import { ts } from "#ts-morph";

/** A member or property name as written, or null for computed names we cannot spell. */
export function propertyNameText(name: ts.PropertyName | ts.BindingName | undefined): string | null {
	if (!name) return null;
	if (ts.isIdentifier(name) || ts.isPrivateIdentifier(name)) return name.text;
	if (ts.isStringLiteralLike(name) || ts.isNumericLiteral(name)) return name.text;
	return null;
}
