// Page scroll lock with a counter, so a modal over the open viewer keeps the page locked (§2).
let locks = 0;
let saved = '';

export function lockScroll(): () => void {
  if (locks++ === 0) {
    saved = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    document.documentElement.classList.add('scroll-locked');
  }
  let released = false;
  return () => {
    if (released) return;
    released = true;
    if (--locks === 0) {
      document.body.style.overflow = saved;
      document.documentElement.classList.remove('scroll-locked');
    }
  };
}
