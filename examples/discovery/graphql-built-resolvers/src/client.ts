const gql = (parts: TemplateStringsArray) => parts.join("");

const INVOICE = gql`
  query InvoicePage($id: ID!) { invoice(id: $id) { id paid } }
`;

const PAY = gql`
  mutation PayInvoice($id: ID!) { payInvoice(id: $id) { id paid } }
`;

export async function post(document: string, variables: Record<string, string>) {
	const response = await fetch("/graphql", { method: "POST", body: JSON.stringify({ query: document, variables }) });
	return response.json();
}

export const loadInvoice = (id: string) => post(INVOICE, { id });
export const payInvoice = (id: string) => post(PAY, { id });
