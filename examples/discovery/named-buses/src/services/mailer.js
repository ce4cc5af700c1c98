module.exports = function(app) {
  function sendReceipt(order) {
    return order.id;
  }

  function sendWelcome(customer) {
    return customer.id;
  }

  app.bus('orders').on('created', sendReceipt);
  const customers = app.bus('customers');
  customers.on('created', sendWelcome);

  return { sendReceipt, sendWelcome };
};
