import { createSchema, createYoga } from "graphql-yoga";
import type { InvoiceService } from "./invoices";

const typeDefs = /* GraphQL */ `
  type Invoice { id: ID!, paid: Boolean! }
  type Query { invoice(id: ID!): Invoice }
  type Mutation { payInvoice(id: ID!): Invoice }
`;

/** The server's schema is built when it is mounted, its resolvers written in place and calling the service. */
export class InvoiceGraphql {
	constructor(private readonly invoices: InvoiceService) {}

	route() {
		return createYoga({
			schema: createSchema({
				typeDefs,
				resolvers: {
					Query: {
						invoice: (_: unknown, args: { id: string }) => this.invoices.find(args.id),
					},
					Mutation: {
						payInvoice: async (_: unknown, args: { id: string }) => {
							return this.invoices.pay(args.id);
						},
					},
				},
			}),
		});
	}

	/** A tracing option also called `resolvers`: no root type in it, no resolver. */
	tracing() {
		return { resolvers: { enabled: true, sample: () => 0.5 } };
	}
}
