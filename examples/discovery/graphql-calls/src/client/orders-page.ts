import { api } from './api';
import { cancelOrderDocument, orderListDocument } from './documents';

export function loadOrders() {
  return api.query(orderListDocument);
}

export function cancelOrder(id: string) {
  return api.mutate(cancelOrderDocument)({ id });
}
