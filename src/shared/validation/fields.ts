/**
 * The registration form's fields (spec section 3, AUTH-22, AUTH-23) beside the ones every form has
 * (username, password, confirmPassword, mobileNum, verificationCode). Each is shown and required per
 * its field rule from the server (`field_rules`, GET /wps/system/setting/register).
 */
export const PROFILE_FIELDS = [
  'payeeName',
  'email',
  'qqNum',
  'recommenderId',
  'affiliateCode',
  'paymentPassword',
  'line',
  'whatsapp',
  'facebook',
  'wechat',
  'idNumber',
  'nickname',
  'telegram',
  'zalo',
  'birthday',
  'referrer',
  'permanentAddress',
  'currentAddress',
  'placeOfBirth',
  'nationality',
  'occupation',
  'sourceOfIncome',
  'fullName',
  'bankAccountName',
] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];
