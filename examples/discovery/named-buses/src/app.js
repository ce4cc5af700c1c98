const { EventEmitter } = require('events');

/** One emitter per bus name, made at start-up and handed out by name. */
function App() {
  this.buses = {
    orders: new EventEmitter(),
    customers: new EventEmitter(),
    stock: new EventEmitter(),
  };
}

App.prototype.bus = function(name) {
  return this.buses[name];
};

module.exports = App;
