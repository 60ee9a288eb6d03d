/** The one key the test server accepts (PETSTORE_API_KEYS in playwright.config.ts). */
export const STAFF_KEY = "e2e-staff-key-5f0c1d2e3a4b";
export const authorization = { Authorization: `Bearer ${STAFF_KEY}` };

/** Seeded oldest first, so the first names end up on the gallery's later pages. */
export const AVAILABLE_NAMES = [
  "Biscuit",
  "Luna",
  "Milo",
  "Pepper",
  "Nala",
  "Oscar",
  "Ziggy",
  "Hazel",
  "Juniper",
  "Clover",
  "Maple",
  "Otis",
  "Willow",
  "Poppy",
  "Basil",
];
export const PENDING_NAMES = ["Bramble", "Tofu", "Pickles"];
export const SOLD_NAMES = ["Waffles", "Sprout", "Mochi"];

/** Names of 100 characters, with and without spaces: they must read in full at every width. */
export const LONG_NAMES = [
  "Princess Buttercup Marshmallow-Fluff of the Old Orchard, Keeper of Socks and Queen of the Sunny Sill",
  "Supercalifragilistic".repeat(5),
];

/** A 100-character right-to-left name, with spaces: it too must read in full. */
export const RTL_LONG_NAME =
  "الأميرة زهرة الياسمين حارسة الجوارب وملكة حافة النافذة المشمسة في البستان القديم، صديقة القطط الصغير";

/** A named category with one available animal, for what adopters read by category name. */
export const NAMED_CATEGORY = { id: 5, name: "Rabbits" };
export const NAMED_CATEGORY_PET = "Thumper";
