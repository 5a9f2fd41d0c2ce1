// Runs before the first paint: a server-rendered part (`[data-remote-part]`) is visible before its
// code runs. A click (or a form submission) on it until then is held, not lost: the control is
// marked `data-held` (styled as pending), and the host replays it once the part is live
// (src/remote-loading/heldEvents.ts). Typing needs no help: the text stays in the field and the
// host hands it to the part. Attribute names: PART_ATTRIBUTES in @tshirt/shared.
(function () {
  var held = (window.__heldPartEvents = window.__heldPartEvents || []);
  var CONTROLS =
    'button, summary, [role="button"], input[type="checkbox"], input[type="radio"], input[type="submit"]';

  function pendingPart(node) {
    var part = node && node.closest ? node.closest('[data-remote-part]') : null;
    return part && part.getAttribute('data-part-state') !== 'live' ? part : null;
  }

  function hold(event, target, submitter) {
    event.preventDefault();
    event.stopPropagation();
    target.setAttribute('data-held', '');
    held.push({ type: event.type, target: target, submitter: submitter || null });
  }

  document.addEventListener(
    'click',
    function (event) {
      var part = pendingPart(event.target);
      var control = part && event.target.closest(CONTROLS);
      if (control && part.contains(control)) hold(event, control);
    },
    true,
  );
  document.addEventListener(
    'submit',
    function (event) {
      if (pendingPart(event.target)) hold(event, event.target, event.submitter);
    },
    true,
  );
})();
