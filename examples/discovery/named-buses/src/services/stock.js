class StockKeeper {

  constructor(app) {
    this.stockEvent = app.bus('stock');
    this.orderEvent = app.bus('orders');
    this.stockEvent.on('reserved', (items) => this.hold(items));
    this.orderEvent.on('updated', (order) => this.recount(order));
  }

  hold(items) {
    return items.length;
  }

  recount(order) {
    return order.items.length;
  }

}

module.exports = StockKeeper;
