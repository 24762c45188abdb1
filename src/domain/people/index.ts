// People the members and companies book for: travellers and their certificates.
export * from "./certificates";
export * from "./traveller";
