/** How many items a page of any /v1 listing holds: the pets', orders', events', audit's and applications'. */
export const LIMIT_MIN = 1;
export const LIMIT_MAX = 100;
export const LIMIT_DEFAULT = 20;
