// Buses read straight from the app's store (`app.buses.orders`), not through `app.bus('orders')`.
class Ledger {

  constructor(app) {
    this.orders = app.buses.orders;
    this.orders.on('cancelled', (order) => this.refund(order));
    app.buses['stock'].on('released', (items) => this.restock(items));
    // Named like any emitter (a preset's listener), held from the store: still on the stock bus.
    this.emitter = app.buses.stock;
    this.emitter.on('reserved', (items) => this.restock(items));
    // A store no getter hands buses out of, and a bus the getter never hands out: no bus.
    app.caches.orders.on('cancelled', (order) => this.forget(order));
    app.buses.payments.on('cancelled', (payment) => this.forget(payment));
  }

  refund(order) {
    return order.total;
  }

  restock(items) {
    return items.length;
  }

  forget(entry) {
    return entry.id;
  }

}

module.exports = Ledger;
