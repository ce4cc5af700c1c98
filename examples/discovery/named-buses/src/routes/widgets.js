// A selector getter's results listened on: no bus (nothing emits on what `$` hands out).
module.exports = function($) {
  function onSave() {
    return 1;
  }
  function onCancel() {
    return 2;
  }
  $('#save').on('click', onSave);
  $('#cancel').on('click', onCancel);
};
