class OrderService {

  constructor(app) {
    this.app = app;
    this.orderEvent = app.bus('orders');
    this.stockEvent = app.bus('stock');
  }

  async place(order) {
    this.orderEvent.emit('created', order);
    this.stockEvent.emit('reserved', order.items);
  }

  async amend(order) {
    this.orderEvent.emit('updated', order);
  }

  async cancel(order) {
    this.orderEvent.emit('cancelled', order);
    this.stockEvent.emit('released', order.items);
  }

}

module.exports = OrderService;
