// The "Swipe sideways" hint under a table shows only while that table is wider than its box: measured
// when the page loads and again whenever the box or the table changes size (a turned phone, a resized
// window, a late font). Without script no hint shows; the edge shadows still say there is more.
function watch(hint: HTMLElement): void {
  const box = hint.previousElementSibling;
  if (!(box instanceof HTMLElement) || !box.classList.contains('table-wrap')) return;
  const update = () => hint.classList.toggle('is-shown', box.scrollWidth > box.clientWidth);
  update();
  const observer = new ResizeObserver(update);
  observer.observe(box);
  if (box.firstElementChild) observer.observe(box.firstElementChild);
}

document.querySelectorAll<HTMLElement>('.scroll-hint').forEach(watch);
