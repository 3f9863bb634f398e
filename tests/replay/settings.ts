/** What the replay's server is set to and its drivers type: the captcha's text and the password that forces a change. */
export const CAPTCHA_TEXT = 'AB12';
export const DEFAULT_PASSWORD = 'Initial#2026pass';
