import { expect, it } from "vitest";
import { openGraphAddresses, SITE_IMAGE } from "./site-origin";

it("names the page and the site image on the origin it is given", () => {
  expect(openGraphAddresses("https://pets.example.org", "/pets/7")).toEqual({
    url: "https://pets.example.org/pets/7",
    image: { ...SITE_IMAGE, url: "https://pets.example.org/og-image.png" },
  });
});
