import { describe, expect, it } from "vitest";
import { differencesAfterConflict } from "./edit-conflict";

const opened = { id: 3, name: "Rex", categoryId: 1, status: "available" as const, description: "Calm." };
const name = (id: number) => (id === 5 ? "Rabbits" : `Category ${id}`);

describe("differencesAfterConflict", () => {
  it("lists, in words, the fields where the person's edit and the saved version differ", () => {
    const saved = { ...opened, name: "Max", description: "Shy." };
    expect(differencesAfterConflict(opened, { description: "Loves walks.", categoryId: 5 }, saved, name)).toEqual([
      { label: "Name", yours: "Rex", saved: "Max" },
      { label: "Category", yours: "Rabbits", saved: "Category 1" },
      { label: "Description", yours: "Loves walks.", saved: "Shy." },
    ]);
  });

  it("is empty when the saved version agrees with the edit everywhere the dialog shows", () => {
    const saved = { ...opened, status: "pending" as const, description: "Loves walks." };
    expect(differencesAfterConflict(opened, { description: "Loves walks." }, saved, name)).toEqual([]);
  });

  it("names profile answers as the dialog does", () => {
    const saved = { ...opened, size: "xlarge" as const, goodWith: { cats: "no" as const } };
    expect(differencesAfterConflict(opened, {}, saved, name)).toEqual([
      { label: "Size", yours: "Not known", saved: "Extra large" },
      { label: "Good with cats", yours: "Not known", saved: "No" },
    ]);
  });
});
