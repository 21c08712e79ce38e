// Print buttons on notices (kept out of the HTML: the pages' CSP allows no inline script).
document.querySelectorAll("[data-print]").forEach((button) => button.addEventListener("click", () => window.print()));
