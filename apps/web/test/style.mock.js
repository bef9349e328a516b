// Stylesheets have no meaning under jsdom; imports of them resolve to an empty module.
module.exports = {};
