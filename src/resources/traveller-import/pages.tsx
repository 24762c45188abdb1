// The two import routes: frequent travellers and the company's external travellers.
import { ImportPage } from "./ImportPage";

export function ImportPassengersPage() {
  return <ImportPage routeName="import_passengers" base="/new_beneficiary" listRoute="Passengers" resource="passengers" />;
}

export function ImportExternalPassengersPage() {
  return <ImportPage routeName="import_external_passengers" base="/credit/external_passenger" listRoute="ExternalPersonnel" resource="externalPassengers" />;
}
