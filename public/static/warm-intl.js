// Loaded beside the entry script and run while it downloads: a browser's first Intl.NumberFormat loads ICU's number
// data, about 50 ms of a phone's main thread (200 ms at Lighthouse's 4x slowdown), whatever the locale. Paid here,
// in time the page spends waiting for its script, it no longer lands in the first render of a balance or the jackpot.
new Intl.NumberFormat(document.documentElement.lang, { minimumFractionDigits: 2 }).format(0);
