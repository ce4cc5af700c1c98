/* A third-party tag copied in as a static asset (served as is, loaded by a <script> tag): its own
   event bus is no idiom of this repository's code. */
(function (w) {
	var hub = {
		handlers: {},
		on: function (name, fn) {
			(this.handlers[name] = this.handlers[name] || []).push(fn);
		},
		emit: function (name, data) {
			(this.handlers[name] || []).forEach(function (fn) {
				fn(data);
			});
		},
	};
	hub.on("widget.opened", function (d) {
		w.console.info(d);
	});
	hub.on("widget.closed", function (d) {
		w.console.info(d);
	});
	hub.on("widget.resized", function (d) {
		w.console.info(d);
	});
	w.openWidget = function () {
		hub.emit("widget.opened", {});
	};
	w.closeWidget = function () {
		hub.emit("widget.closed", {});
		hub.emit("widget.resized", {});
	};
})(window);
