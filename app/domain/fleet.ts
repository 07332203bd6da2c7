/**
 * The fleet: what each kind of vehicle the business runs carries. Vehicles are data, kept in the
 * database and edited at /admin/vehicles (docs/product.md, Fleet); FIRST_FLEET is the fleet a new
 * database starts with, the nine vehicles of the cars page. Seats are passenger seats, the driver
 * not included. Suitcases are check-in suitcases the luggage space carries with every seat taken
 * (a cabin bag counts as half, a stroller as one), measured against the vehicles' luggage volumes
 * and rounded down.
 */

export const VEHICLE_KINDS = ["saloon", "suv", "van", "minibus", "coach"] as const;
export type VehicleKind = (typeof VEHICLE_KINDS)[number];

export const VEHICLE_KIND_LABEL: Record<VehicleKind, string> = {
  saloon: "Saloon",
  suv: "SUV",
  van: "Van",
  minibus: "Minibus",
  coach: "Coach",
};

/** The kind with its article, as a sentence says it: "a van", "an SUV". */
export const VEHICLE_KIND_NOUN: Record<VehicleKind, string> = {
  saloon: "a saloon",
  suv: "an SUV",
  van: "a van",
  minibus: "a minibus",
  coach: "a coach",
};

/** The pictures under public/images/cars/ (640 × 400 SVG files the business can replace). */
export const VEHICLE_PICTURES = [
  "caravelle",
  "trafic",
  "class-v",
  "class-s",
  "class-e",
  "peugeot-508",
  "peugeot-5008",
  "bus-50",
  "bus-61",
] as const;
export type VehiclePicture = (typeof VEHICLE_PICTURES)[number];

export const VEHICLE_IMAGE_WIDTH = 640;
export const VEHICLE_IMAGE_HEIGHT = 400;

export function vehicleImage(picture: VehiclePicture): string {
  return `/images/cars/${picture}.svg`;
}

/** What a vehicle carries: the capacity rule (capacity.ts) and the run planner read only this. */
export interface VehicleCapacity {
  kind: VehicleKind;
  seats: number;
  suitcases: number;
  /** Child seats or boosters the vehicle can be fitted with (ISOFIX and belted places). */
  childSeats: number;
}

/** A vehicle as staff edit it and the cars page shows it. */
export interface VehicleFields extends VehicleCapacity {
  name: string;
  /** Offered for new bookings and shown on the cars page. */
  active: boolean;
  picture: VehiclePicture;
  pictureAlt: string;
  /** Comfort and who the vehicle suits. */
  description: string;
  /** What fits in the luggage space, in words. */
  luggage: string;
}

export interface Vehicle extends VehicleFields {
  id: number;
}

/** The active vehicles' capacities, as the booking form and the server price with them. */
export function activeCapacities(fleet: readonly (VehicleCapacity & { active: boolean })[]): VehicleCapacity[] {
  return fleet.filter((v) => v.active).map(({ kind, seats, suitcases, childSeats }) => ({ kind, seats, suitcases, childSeats }));
}

export const FIRST_FLEET: readonly VehicleFields[] = [
  {
    picture: "caravelle",
    name: "Volkswagen Caravelle",
    kind: "minibus",
    seats: 8,
    suitcases: 8,
    childSeats: 3,
    active: true,
    pictureAlt: "Volkswagen Caravelle minibus, side view",
    description:
      "Our most requested vehicle for Disneyland Paris. Three rows of seats, a wide sliding door that makes it easy to climb in with children, and air conditioning front and rear. Ideal for families and small groups travelling together.",
    luggage: "A long rear compartment: eight large suitcases, or six and a folded pushchair.",
  },
  {
    picture: "trafic",
    name: "Renault Trafic",
    kind: "minibus",
    seats: 8,
    suitcases: 8,
    childSeats: 3,
    active: true,
    pictureAlt: "Renault Trafic passenger minibus, side view",
    description:
      "A practical eight-seat minibus for shared shuttles and groups. High roof, individual seats with seat belts and a comfortable ride on the motorway between the airports, Paris and the parks.",
    luggage: "A generous luggage area behind the last row: a large suitcase per passenger.",
  },
  {
    picture: "class-v",
    name: "Mercedes Class V",
    kind: "van",
    seats: 7,
    suitcases: 7,
    childSeats: 3,
    active: true,
    pictureAlt: "Mercedes Class V executive van, side view",
    description:
      "Premium comfort for up to seven: leather seats, a quiet cabin, tinted rear windows and seats that can face each other. Chosen by business teams, wedding parties and families who want a little more space and style.",
    luggage: "Seven large suitcases, or golf bags and pushchairs in their place.",
  },
  {
    picture: "class-s",
    name: "Mercedes Class S",
    kind: "saloon",
    seats: 3,
    suitcases: 3,
    childSeats: 2,
    active: true,
    pictureAlt: "Mercedes Class S luxury saloon, side view",
    description:
      "Mercedes' flagship saloon for VIP and executive travel: reclining rear seats, generous legroom and a near-silent ride. A discreet, professional choice for business meetings, events and special occasions.",
    luggage: "Two large suitcases and two cabin bags.",
  },
  {
    picture: "class-e",
    name: "Mercedes Class E",
    kind: "saloon",
    seats: 3,
    suitcases: 3,
    childSeats: 2,
    active: true,
    pictureAlt: "Mercedes Class E business saloon, side view",
    description:
      "The classic business saloon: comfortable leather seats, climate control and a smooth ride. Well suited to business travellers, couples and anyone who wants a private airport transfer with a touch of elegance.",
    luggage: "Two large suitcases and two cabin bags.",
  },
  {
    picture: "peugeot-508",
    name: "Peugeot 508",
    kind: "saloon",
    seats: 3,
    suitcases: 3,
    childSeats: 2,
    active: true,
    pictureAlt: "Peugeot 508 saloon, side view",
    description:
      "A modern, comfortable saloon for one to three passengers. Our most economical private transfer for solo travellers, couples and small families going between an airport, Paris and Disneyland Paris.",
    luggage: "Two large suitcases and two cabin bags.",
  },
  {
    picture: "peugeot-5008",
    name: "Peugeot 5008",
    kind: "suv",
    seats: 6,
    suitcases: 3,
    childSeats: 3,
    active: true,
    pictureAlt: "Peugeot 5008 seven-seat SUV, side view",
    description:
      "A seven-seat SUV (six passengers and the driver) with a raised driving position and plenty of headroom. A good fit for a family of five or six travelling with moderate luggage.",
    luggage: "With every seat in use, three large suitcases or six cabin bags; with the third row folded, several more.",
  },
  {
    picture: "bus-50",
    name: "50-seat coach",
    kind: "coach",
    seats: 50,
    suitcases: 50,
    childSeats: 0,
    active: true,
    pictureAlt: "White 50-seat touring coach, side view",
    description:
      "A touring coach with reclining seats, seat belts and air conditioning, driven by an experienced professional coach driver. For school trips, associations, seminars and large families heading to Disneyland Paris or touring Paris.",
    luggage: "A large hold under the floor: a suitcase per passenger, with room to spare.",
  },
  {
    picture: "bus-61",
    name: "61-seat coach",
    kind: "coach",
    seats: 61,
    suitcases: 61,
    childSeats: 0,
    active: true,
    pictureAlt: "White 61-seat touring coach, side view",
    description:
      "Our largest vehicle, for big groups that want to travel together: conference delegates, sports clubs, wedding guests or tour groups. Reclining seats, seat belts and air conditioning throughout.",
    luggage: "A large hold under the floor: a suitcase per passenger, with room to spare.",
  },
];

/** A driver's vehicle in words: the fleet's name for it and the driver's note ("Mercedes Class V, AB-123-CD"). */
export function driverVehicleText(fleet: readonly Pick<Vehicle, "id" | "name">[], vehicleId: number | null, note: string): string {
  const name = fleet.find((v) => v.id === vehicleId)?.name ?? "";
  return [name, note].filter((part) => part !== "").join(", ");
}
