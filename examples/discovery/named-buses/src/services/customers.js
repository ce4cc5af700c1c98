module.exports = function(app) {
  const customerEvent = app.bus('customers');

  function signUp(customer) {
    customerEvent.emit('created', customer);
  }

  function rename(customer) {
    app.bus('customers').emit('updated', customer);
  }

  return { signUp, rename };
};
