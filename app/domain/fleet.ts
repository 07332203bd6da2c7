/**
 * The nine vehicles of the fleet, in the order the Cars page shows them.
 * Capacities are passenger seats, the driver not included. Each vehicle's picture is
 * `/images/cars/{id}.svg` (640 × 400), a file the business can replace on its own.
 */

export type VehicleId = "caravelle" | "trafic" | "class-v" | "class-s" | "class-e" | "peugeot-508" | "peugeot-5008" | "bus-50" | "bus-61";

export type VehicleKind = "Minibus" | "Executive van" | "Saloon" | "SUV" | "Coach";

export interface Vehicle {
  id: VehicleId;
  name: string;
  kind: VehicleKind;
  /** Passenger seats, driver excluded. */
  passengers: number;
  /**
   * Check-in suitcases the luggage space carries with every seat taken: a cabin bag counts as half
   * a suitcase, a stroller as one. Measured against the vehicles' luggage volumes and rounded down
   * (docs/product.md, Cars).
   */
  suitcases: number;
  /** Child seats or boosters the vehicle can be fitted with (ISOFIX and belted places). */
  childSeats: number;
  image: string;
  imageAlt: string;
  /** Comfort and who the vehicle suits. */
  description: string;
  /** What fits in the luggage space. */
  luggage: string;
}

export const VEHICLE_IMAGE_WIDTH = 640;
export const VEHICLE_IMAGE_HEIGHT = 400;

function vehicleImage(id: VehicleId): string {
  return `/images/cars/${id}.svg`;
}

export const FLEET: readonly Vehicle[] = [
  {
    id: "caravelle",
    name: "Volkswagen Caravelle",
    kind: "Minibus",
    passengers: 8,
    suitcases: 8,
    childSeats: 3,
    image: vehicleImage("caravelle"),
    imageAlt: "Volkswagen Caravelle minibus, side view",
    description:
      "Our most requested vehicle for Disneyland Paris. Three rows of seats, a wide sliding door that makes it easy to climb in with children, and air conditioning front and rear. Ideal for families and small groups travelling together.",
    luggage: "A long rear compartment for suitcases, with room for a folded pushchair.",
  },
  {
    id: "trafic",
    name: "Renault Trafic",
    kind: "Minibus",
    passengers: 8,
    suitcases: 8,
    childSeats: 3,
    image: vehicleImage("trafic"),
    imageAlt: "Renault Trafic passenger minibus, side view",
    description:
      "A practical eight-seat minibus for shared shuttles and groups. High roof, individual seats with seat belts and a comfortable ride on the motorway between the airports, Paris and the parks.",
    luggage: "A generous luggage area behind the last row: a large suitcase per passenger on most trips.",
  },
  {
    id: "class-v",
    name: "Mercedes Class V",
    kind: "Executive van",
    passengers: 7,
    suitcases: 7,
    childSeats: 3,
    image: vehicleImage("class-v"),
    imageAlt: "Mercedes Class V executive van, side view",
    description:
      "Premium comfort for up to seven: leather seats, a quiet cabin, tinted rear windows and seats that can face each other. Chosen by business teams, wedding parties and families who want a little more space and style.",
    luggage: "Room for a suitcase and a cabin bag per passenger, or golf bags and pushchairs.",
  },
  {
    id: "class-s",
    name: "Mercedes Class S",
    kind: "Saloon",
    passengers: 3,
    suitcases: 3,
    childSeats: 2,
    image: vehicleImage("class-s"),
    imageAlt: "Mercedes Class S luxury saloon, side view",
    description:
      "Mercedes' flagship saloon for VIP and executive travel: reclining rear seats, generous legroom and a near-silent ride. A discreet, professional choice for business meetings, events and special occasions.",
    luggage: "Two large suitcases and two cabin bags.",
  },
  {
    id: "class-e",
    name: "Mercedes Class E",
    kind: "Saloon",
    passengers: 3,
    suitcases: 3,
    childSeats: 2,
    image: vehicleImage("class-e"),
    imageAlt: "Mercedes Class E business saloon, side view",
    description:
      "The classic business saloon: comfortable leather seats, climate control and a smooth ride. Well suited to business travellers, couples and anyone who wants a private airport transfer with a touch of elegance.",
    luggage: "Two large suitcases and two cabin bags.",
  },
  {
    id: "peugeot-508",
    name: "Peugeot 508",
    kind: "Saloon",
    passengers: 3,
    suitcases: 3,
    childSeats: 2,
    image: vehicleImage("peugeot-508"),
    imageAlt: "Peugeot 508 saloon, side view",
    description:
      "A modern, comfortable saloon for one to three passengers. Our most economical private transfer for solo travellers, couples and small families going between an airport, Paris and Disneyland Paris.",
    luggage: "Two large suitcases and two cabin bags.",
  },
  {
    id: "peugeot-5008",
    name: "Peugeot 5008",
    kind: "SUV",
    passengers: 6,
    suitcases: 3,
    childSeats: 3,
    image: vehicleImage("peugeot-5008"),
    imageAlt: "Peugeot 5008 seven-seat SUV, side view",
    description:
      "A seven-seat SUV (six passengers and the driver) with a raised driving position and plenty of headroom. A good fit for a family of five or six travelling with moderate luggage.",
    luggage:
      "With every seat in use the boot takes cabin bags and soft holdalls; with four passengers or fewer it takes several large suitcases.",
  },
  {
    id: "bus-50",
    name: "50-seat coach",
    kind: "Coach",
    passengers: 50,
    suitcases: 50,
    childSeats: 0,
    image: vehicleImage("bus-50"),
    imageAlt: "White 50-seat touring coach, side view",
    description:
      "A touring coach with reclining seats, seat belts and air conditioning, driven by an experienced professional coach driver. For school trips, associations, seminars and large families heading to Disneyland Paris or touring Paris.",
    luggage: "A large hold under the floor: a suitcase per passenger, with room to spare.",
  },
  {
    id: "bus-61",
    name: "61-seat coach",
    kind: "Coach",
    passengers: 61,
    suitcases: 61,
    childSeats: 0,
    image: vehicleImage("bus-61"),
    imageAlt: "White 61-seat touring coach, side view",
    description:
      "Our largest vehicle, for big groups that want to travel together: conference delegates, sports clubs, wedding guests or tour groups. Reclining seats, seat belts and air conditioning throughout.",
    luggage: "A large hold under the floor: a suitcase per passenger, with room to spare.",
  },
];
