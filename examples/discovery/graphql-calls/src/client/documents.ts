import { graphql } from './graphql';

export const orderFields = graphql(`
  fragment OrderFields on Order {
    id
    code
  }
`);

export const orderListDocument = graphql(
  `
    query OrderList {
      orders {
        ...OrderFields
      }
    }
  `,
  [orderFields],
);

export const cancelOrderDocument = graphql(`
  mutation CancelOrder($id: ID!) {
    cancelOrder(id: $id) {
      id
    }
  }
`);
