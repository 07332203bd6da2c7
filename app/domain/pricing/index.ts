export * from "./csv";
export * from "./pricing";
